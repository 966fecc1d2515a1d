// Issue 42 finding 9 as attacks: the heaviest reads the bounds allow — GET /stats over ten years,
// the compare export of twelve ten-year periods, five PDF reports at once — each answered, with
// /health under a second throughout (docs/security.md, Input: Bounds).
import { maxPeriodDays } from '@liftwacht/contracts/periods';
import type { Attack } from './attack.ts';
import { call, expectAnswer, shown } from './corpus-http.ts';
import { sized } from './corpus-target.ts';

const day = 86_400_000;
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * day).toISOString().slice(0, 10);
const tenYearsTo = (to: string) => shift(to, -(maxPeriodDays - 1));

function pdfs(name: string, years: number): Attack {
  return {
    name,
    finding: 9,
    documented: 'each 200 application/pdf (two at once at the test size)',
    prepare: (context) =>
      Promise.resolve(async () => {
        const { target, tokens } = context;
        const to = target.today;
        const from = shift(to, -(years * 365 - 1));
        const answers = await Promise.all(
          Array.from({ length: sized(2, 5, context.scale) }, () =>
            call(target, 'POST', '/report/pdf', {
              token: tokens.admin,
              json: { subjectId: target.organisationId, report: 'organisation', from, to },
            }),
          ),
        );
        const problems = answers.flatMap((a) => expectAnswer(a, [200]));
        if (answers.some((a) => a.contentType !== 'application/pdf')) problems.push('not every answer is a PDF');
        const slowest = Math.max(...answers.map((a) => a.ms));
        return {
          outcome: `${answers.map(shown).join(', ')}; slowest ${(slowest / 1000).toFixed(2)} s, ${(Math.max(...answers.map((a) => a.bytes)) / 1024).toFixed(0)} KiB`,
          problems,
        };
      }),
  };
}

export const heavyReadAttacks: Attack[] = [
  {
    name: 'GET /stats over ten years',
    finding: 9,
    documented: `200 for ${String(maxPeriodDays)} days`,
    prepare: (context) =>
      Promise.resolve(async () => {
        const { target, tokens } = context;
        const to = target.today;
        const answer = await call(
          target,
          'GET',
          `/stats?organisationId=${String(target.organisationId)}&from=${tenYearsTo(to)}&to=${to}`,
          { token: tokens.admin },
        );
        return {
          outcome: `${shown(answer)} in ${(answer.ms / 1000).toFixed(2)} s`,
          problems: expectAnswer(answer, [200]),
        };
      }),
  },
  {
    name: 'Compare export of 12 ten-year periods',
    finding: 9,
    documented: '200 with the XLSX file (4 periods at the test size)',
    prepare: (context) =>
      Promise.resolve(async () => {
        const { target, tokens } = context;
        // Periods of ten years, each a year before the last, in pairs as the page sends them.
        const count = 2 * sized(2, 6, context.scale);
        const periods = Array.from({ length: count }, (_, i) => {
          const to = shift(target.today, -365 * i);
          return `${tenYearsTo(to)}/${to}`;
        }).join(',');
        const answer = await call(
          target,
          'GET',
          `/stats/compare/export?organisationId=${String(target.organisationId)}&periods=${periods}&format=xlsx&language=nl`,
          { token: tokens.admin },
        );
        return {
          outcome: `${String(count)} periods: ${shown(answer)} in ${(answer.ms / 1000).toFixed(2)} s`,
          problems: expectAnswer(answer, [200]),
        };
      }),
  },
  pdfs('Five PDF reports of a year at once', 1),
  pdfs('Five PDF reports of five years at once', 5),
];
