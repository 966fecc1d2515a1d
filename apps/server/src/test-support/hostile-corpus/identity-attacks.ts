// Issue 42 findings 4, 6 and 7 as attacks: links that outlived an email change, spellings of one
// username that each had a counter of their own, and look-alike usernames. What must happen
// (docs/authentication.md, docs/administration.md): an email change retires every open link (the
// old one answers like one that never existed); every spelling of a person counts on one counter,
// so the limit answers 429 whatever spelling spent it; a look-alike of an existing username is
// refused with 409 on the field username.
import { randomBytes } from 'node:crypto';
import type { Attack, AttackContext } from './attack.ts';
import { call, shown, type Answer } from './corpus-http.ts';
import { lookAlikes, sameSpellings } from './spellings.ts';

const login = (context: AttackContext, username: string, password: string) =>
  call(context.target, 'POST', '/auth', { json: { username, password } });

/** The token of the newest link mailed to `email` after the first `before` mails, waiting for the mail. */
async function mailedLink(context: AttackContext, email: string, before: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = context.target
      .mails()
      .slice(before)
      .filter((m) => m.includes(email))
      .at(-1);
    const token = mail && /\/password-reset\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no link mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const setPassword = (context: AttackContext, token: string) =>
  call(context.target, 'POST', '/password-reset', { json: { token, password: 'A-corpus-password-2026' } });

const same = (a: Answer, b: Answer) => a.status === b.status && JSON.stringify(a.json) === JSON.stringify(b.json);

export const identityAttacks: Attack[] = [
  {
    name: 'Links mailed before an email change',
    finding: 4,
    documented:
      'the invitation to the mistyped address and a reset asked for before the change answer like unknown links',
    prepare: (context) =>
      Promise.resolve(async () => {
        const { target, tokens } = context;
        const problems: string[] = [];
        const stamp = randomBytes(4).toString('hex');
        const mistyped = `corpus-${stamp}@exmaple.test`;
        const before = target.mails().length;
        const invited = await call(target, 'POST', '/admin/users', {
          token: tokens.admin,
          json: {
            username: `corpus-${stamp}`,
            name: 'Corpus Invitee',
            email: mistyped,
            organisationId: target.organisationId,
            roles: ['admin'],
            locale: 'nl',
          },
        });
        const user = (invited.json as { data?: { id: number; version: number } } | undefined)?.data;
        if (invited.status !== 201 || !user)
          return { outcome: `invite ${shown(invited)}`, problems: ['invite refused'] };
        const invitation = await mailedLink(context, mistyped, before);
        const corrected = `corpus-${stamp}@example.test`;
        const fixed = await call(target, 'PATCH', `/admin/users/${String(user.id)}`, {
          token: tokens.admin,
          json: { email: corrected, version: user.version },
        });
        if (fixed.status !== 200) problems.push(`email change ${shown(fixed)}`);
        const unknown = await setPassword(context, randomBytes(32).toString('base64url'));
        const old = await setPassword(context, invitation);
        if (!same(old, unknown))
          problems.push(`the old invitation answered ${shown(old)}, an unknown link ${shown(unknown)}`);

        // The invitee accepts at the corrected address, asks for a reset, and the address changes again.
        const fresh = await setPassword(context, await mailedLink(context, corrected, before));
        if (fresh.status !== 200) problems.push(`the corrected invitation answered ${shown(fresh)}`);
        const beforeReset = target.mails().length;
        await call(target, 'POST', '/password-reset/request', { json: { email: corrected } });
        const reset = await mailedLink(context, corrected, beforeReset);
        const current = await call(target, 'GET', `/admin/users/${String(user.id)}`, { token: tokens.admin });
        const version = (current.json as { data?: { version: number } } | undefined)?.data?.version ?? 0;
        await call(target, 'PATCH', `/admin/users/${String(user.id)}`, {
          token: tokens.admin,
          json: { email: `corpus-${stamp}-new@example.test`, version },
        });
        const oldReset = await setPassword(context, reset);
        if (!same(oldReset, unknown)) problems.push(`the old reset link answered ${shown(oldReset)}`);
        return {
          outcome: `old invitation ${shown(old)}, old reset ${shown(oldReset)} (unknown: ${shown(unknown)})`,
          problems,
        };
      }),
  },
  {
    name: 'Failed logins spread over spellings of one username',
    finding: 6,
    documented: 'one counter for every spelling: after the limit the right password answers 429 rate_limited',
    prepare: (context) =>
      Promise.resolve(async () => {
        const { target } = context;
        const username = target.users.throttled;
        const spellings = sameSpellings(username);
        const statuses: number[] = [];
        for (let i = 0; i < target.loginLimitPerUsername; i++) {
          const spelling = spellings[i % spellings.length] ?? username;
          statuses.push((await login(context, spelling, 'a-wrong-guess')).status);
        }
        const right = await login(context, username, target.password);
        const problems = statuses.some((s) => s !== 401) ? [`failures answered ${statuses.join(', ')}`] : [];
        if (right.status !== 429 || right.code !== 'rate_limited') {
          problems.push(
            `after ${String(statuses.length)} failures under ${String(spellings.length)} spellings the right password answered ${shown(right)}`,
          );
        }
        return {
          outcome: `${String(statuses.length)} failures over ${String(spellings.length)} spellings, then ${shown(right)}`,
          problems,
        };
      }),
  },
  {
    name: 'Look-alike usernames (fullwidth, Cyrillic а, dotless ı)',
    finding: 7,
    documented: '409 on the field username for each (conflict or username_look_alike)',
    prepare: (context) =>
      Promise.resolve(async () => {
        const { target, tokens } = context;
        const outcomes: string[] = [];
        const problems: string[] = [];
        for (const { label, spelling } of lookAlikes(target.users.admin)) {
          const answer = await call(target, 'POST', '/admin/users', {
            token: tokens.admin,
            json: {
              username: spelling,
              name: 'Look Alike',
              email: `look-alike-${randomBytes(4).toString('hex')}@example.test`,
              organisationId: target.organisationId,
              roles: ['user'],
              locale: 'nl',
            },
          });
          outcomes.push(`${label} ${shown(answer)}`);
          if (answer.status !== 409 || answer.field !== 'username')
            problems.push(`${label} (${spelling}): ${shown(answer)}`);
          else if (label !== 'fullwidth' && answer.code !== 'username_look_alike')
            problems.push(`${label}: ${shown(answer)}`);
        }
        return { outcome: outcomes.join(', '), problems };
      }),
  },
];
