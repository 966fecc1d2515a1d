// `npm run admin -- <command>`: user administration from a shell, for the first administrator and
// for a forgotten password when nobody can log in. Uses the configured database (DATABASE_URL, or
// the PGlite in DATA_DIR: stop the server first, one process at a time may open it).
import { parseArgs } from 'node:util';
import { ConfigError, databaseTarget, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { CommandError, createUser, issueSetupToken, setPassword } from './admin-commands.ts';

const usage = `Usage: npm run admin -- <command> [options]

  create-user --username U --name "N" --email E [--organisation "Name"] [--role system-admin] [--locale nl] [--password-stdin]
      Creates an active user. --organisation names an existing organisation or creates it as the
      platform organisation; without it the user joins the first system administrator's organisation.
      --role: system-admin (default), admin, user, client-light, monteur. --locale: nl (default), en-GB, en-US.

  set-password --username U [--password-stdin]
      Sets the user's password and ends every session the user has.

  setup-token
      Issues a new one-time setup token for the first administrator (only while no user exists).

The password is asked twice at the terminal, or read from standard input with --password-stdin.
`;

const options = {
  username: { type: 'string' },
  name: { type: 'string' },
  email: { type: 'string' },
  organisation: { type: 'string' },
  role: { type: 'string' },
  locale: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One trailing line break is how `echo` and files end; it is not part of the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Reads a line at the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve) => {
    let value = '';
    const onData = (text: string) => {
      for (const char of text) {
        if (char === '\r' || char === '\n') {
          input.off('data', onData);
          input.setRawMode(false);
          input.pause();
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          input.setRawMode(false);
          process.stdout.write('\n');
          process.exit(130);
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on('data', onData);
  });
}

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readStdin();
  if (!process.stdin.isTTY) {
    throw new CommandError('no terminal to ask for the password: pipe it in with --password-stdin');
  }
  const password = await askHidden('Password: ');
  const repeat = await askHidden('Password again: ');
  if (password !== repeat) throw new CommandError('the two passwords differ');
  return password;
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new CommandError(`${err instanceof Error ? err.message : String(err)}\n\n${usage}`);
  }
  const { values, positionals } = parsed;
  const [command, ...extra] = positionals;
  if (values.help || command === undefined) {
    process.stdout.write(usage);
    if (command === undefined && !values.help) process.exitCode = 2;
    return;
  }
  if (extra.length > 0) throw new CommandError(`unexpected argument ${extra.join(' ')}\n\n${usage}`);
  if (!['create-user', 'set-password', 'setup-token'].includes(command)) {
    throw new CommandError(`unknown command ${command}\n\n${usage}`);
  }

  const config = loadConfig();
  // Asked before the database opens, so a slow typist holds no connection (or the PGlite lock).
  const password = command === 'setup-token' ? '' : await readPassword(values['password-stdin'] === true);
  const database = await openDatabase(databaseTarget(config));
  try {
    const now = new Date();
    if (command === 'create-user') {
      const result = await createUser(
        database.db,
        {
          username: values.username,
          name: values.name,
          email: values.email,
          organisation: values.organisation,
          role: values.role,
          locale: values.locale,
        },
        password,
        now,
      );
      const organisation = `${result.organisation.name} (id ${String(result.organisation.id)}, ${result.organisation.type}${result.organisationCreated ? ', created' : ''})`;
      process.stdout.write(
        `Created user ${result.username} (id ${String(result.userId)}) with role ${result.role} in ${organisation}.\n` +
          (result.firstUser ? 'This is the first user: first-run setup is done and its token removed.\n' : ''),
      );
    } else if (command === 'set-password') {
      const result = await setPassword(database.db, values.username, password, now);
      process.stdout.write(
        `Set the password of ${result.username} (id ${String(result.userId)}); ended ${String(result.sessionsEnded)} session(s).\n` +
          (result.disabled ? 'Note: this user is disabled and cannot log in until an administrator enables it.\n' : ''),
      );
    } else {
      const token = await issueSetupToken(database.db, now);
      process.stdout.write(
        `New one-time setup token (the previous one no longer works):\n\n    ${token}\n\n` +
          'Use it on the login page under "Create the first administrator".\n',
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof CommandError || err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`admin command failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
