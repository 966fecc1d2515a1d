import { describe, expect, it } from 'vitest';
import { loggerOptions, resolveLogFormat } from './logger.ts';

describe('log format', () => {
  it('is pretty on a terminal and JSON lines otherwise, unless LOG_FORMAT says which', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('auto', undefined)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });

  it('gives pino only the level for JSON and a pino-pretty stream for pretty', () => {
    expect(loggerOptions({ logLevel: 'warn', logFormat: 'json' })).toEqual({ level: 'warn' });
    const pretty = loggerOptions({ logLevel: 'info', logFormat: 'pretty' });
    expect(pretty).toMatchObject({ level: 'info' });
    expect(typeof (pretty as { stream?: { write?: unknown } }).stream?.write).toBe('function');
  });
});
