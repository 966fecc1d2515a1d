import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-file.ts';

describe('fileNameOf', () => {
  it('reads the plain and the encoded file name, preferring the encoded one', () => {
    expect(fileNameOf('attachment; filename="liften-2026-11-25.csv"')).toBe('liften-2026-11-25.csv');
    expect(fileNameOf(`attachment; filename="lifts.xlsx"; filename*=UTF-8''li%C3%ABften.xlsx`)).toBe('liëften.xlsx');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
