// The server's pino options for Fastify: JSON lines for log collectors, or — on a terminal, or with
// LOG_FORMAT=pretty — pino-pretty's coloured one-line-per-entry form for a person reading along.
// pino-pretty runs as a stream in this thread, not as a pino transport: a transport starts a worker
// thread at boot, which costs start-up time for output only a terminal sees.
import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';

export type LogFormat = 'json' | 'pretty';

/** auto: pretty when stdout is a terminal, JSON otherwise (a pipe, a file, a container's log). */
export function resolveLogFormat(format: Config['logFormat'], stdoutIsTty = process.stdout.isTTY): LogFormat {
  if (format !== 'auto') return format;
  return stdoutIsTty ? 'pretty' : 'json';
}

export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): FastifyServerOptions['logger'] {
  if (resolveLogFormat(config.logFormat) === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    stream: pretty({
      colorize: process.stdout.isTTY,
      translateTime: 'SYS:HH:MM:ss.l',
      // A request's fields go into its message, so each request is one line.
      ignore: 'pid,hostname,reqId,method,url,status,ms',
      messageFormat: (log, messageKey) =>
        log[messageKey] === 'request'
          ? `${String(log.method)} ${String(log.url)} ${String(log.status)} ${String(log.ms)} ms`
          : String(log[messageKey]),
      // Written as it comes: a person watching a terminal wants each line now.
      sync: true,
    }),
  };
}
