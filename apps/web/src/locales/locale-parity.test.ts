import { describe, expect, it } from 'vitest';

// Every locale file, read straight from disk, so a file missing from resources.ts is caught too.
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function byLanguage(language: string): Map<string, Record<string, unknown>> {
  const result = new Map<string, Record<string, unknown>>();
  for (const [path, content] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/(.+)\.json$/.exec(path);
    if (match?.[1] === language && match[2]) result.set(match[2], content);
  }
  return result;
}

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

const placeholders = (text: unknown): string[] =>
  typeof text === 'string' ? (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort() : [];

function valueAt(root: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined),
      root,
    );
}

const dutch = byLanguage('nl');
const english = byLanguage('en');

describe('translations', () => {
  it('has the same namespace files in Dutch and English', () => {
    expect([...english.keys()].sort()).toEqual([...dutch.keys()].sort());
  });

  it.each([...dutch.keys()])('%s has the same keys and placeholders in Dutch and English', (namespace) => {
    const nl = dutch.get(namespace);
    const en = english.get(namespace);
    expect(keysOf(en).sort()).toEqual(keysOf(nl).sort());
    for (const key of keysOf(nl)) expect(placeholders(valueAt(en, key)), key).toEqual(placeholders(valueAt(nl, key)));
  });

  it('has no empty texts', () => {
    for (const [language, namespaces] of [
      ['nl', dutch],
      ['en', english],
    ] as const) {
      for (const [namespace, content] of namespaces) {
        for (const key of keysOf(content))
          expect(valueAt(content, key), `${language}/${namespace}:${key}`).not.toBe('');
      }
    }
  });
});
