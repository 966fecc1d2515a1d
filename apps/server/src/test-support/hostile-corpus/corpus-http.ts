// The corpus's HTTP calls over a real socket (fetch), each with a deadline, answered as the status,
// the error envelope's code, field and message, and how many bytes came back.
import { performance } from 'node:perf_hooks';
import type { CorpusTarget } from './corpus-target.ts';

export interface Answer {
  status: number;
  code: string | undefined;
  field: string | undefined;
  message: string | undefined;
  bytes: number;
  contentType: string;
  json: unknown;
  ms: number;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  body?: { payload: Buffer; contentType: string };
  /** A stalled server fails the call instead of the whole run. */
  timeoutMs?: number;
}

export async function call(
  target: CorpusTarget,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) {
    headers['content-type'] = options.body.contentType;
    body = new Uint8Array(options.body.payload);
  }
  const started = performance.now();
  const res = await fetch(`${target.baseUrl}/liftwacht${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 180_000),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const contentType = res.headers.get('content-type') ?? '';
  let json: unknown;
  if (contentType.includes('json')) {
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      json = undefined;
    }
  }
  const error = (json as { error?: { code?: string; field?: string; message?: string } } | undefined)?.error;
  return {
    status: res.status,
    code: error?.code,
    field: error?.field,
    message: error?.message,
    bytes: bytes.length,
    contentType,
    json,
    ms: performance.now() - started,
  };
}

/** "413 payload_too_large", "201", …: an answer as the outcome column shows it. */
export const shown = (answer: Answer) => `${String(answer.status)}${answer.code ? ` ${answer.code}` : ''}`;

/** The problems of an answer against the documented status (and code, and words in the message). */
export function expectAnswer(
  answer: Answer,
  statuses: readonly number[],
  options: { code?: readonly string[]; messageIncludes?: readonly string[]; field?: string } = {},
): string[] {
  const problems: string[] = [];
  if (!statuses.includes(answer.status)) {
    problems.push(
      `status ${String(answer.status)} (${answer.message?.slice(0, 160) ?? 'no message'}), documented ${statuses.join(' or ')}`,
    );
    return problems;
  }
  if (options.code && !options.code.includes(answer.code ?? '')) {
    problems.push(`code ${answer.code ?? 'none'}, documented ${options.code.join(' or ')}`);
  }
  if (options.field !== undefined && answer.field !== options.field) {
    problems.push(`field ${answer.field ?? 'none'}, documented ${options.field}`);
  }
  for (const words of options.messageIncludes ?? []) {
    if (!answer.message?.includes(words))
      problems.push(`message "${answer.message?.slice(0, 160) ?? ''}" does not name ${words}`);
  }
  return problems;
}

export async function signIn(target: CorpusTarget, username: string): Promise<string> {
  const answer = await call(target, 'POST', '/auth', { json: { username, password: target.password } });
  if (answer.status !== 200) throw new Error(`signing in ${username}: ${shown(answer)}`);
  return (answer.json as { data: { accessToken: string } }).data.accessToken;
}
