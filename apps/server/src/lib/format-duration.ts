// The one way the server writes a length of time (mails, the PDF report, spreadsheet text): the
// units people say, from locales/<language>/common.json ("34 min", "2 u 05 min", "7 d 10 u" in Dutch;
// "2 h 05 min", "7 d 10 h" in English), seconds only under a minute ("45 s"). Whole units, cut down,
// never rounded up. The web app follows the same rule (apps/web/src/lib/format-duration.ts), so a
// mail, the PDF and the screen read the same.
import { catalogue, interpolate, type ServerLanguage } from './server-i18n.ts';

const pad = (value: number): string => String(value).padStart(2, '0');

export function formatDuration(totalSeconds: number, language: ServerLanguage): string {
  const texts = catalogue(language).common.duration;
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  if (seconds < 60) return interpolate(texts.seconds, { seconds: String(seconds) });
  const totalMinutes = Math.floor(seconds / 60);
  if (totalMinutes < 60) return interpolate(texts.minutes, { minutes: String(totalMinutes) });
  const totalHours = Math.floor(totalMinutes / 60);
  if (totalHours < 24) {
    return interpolate(texts.hours, { hours: String(totalHours), minutes: pad(totalMinutes % 60) });
  }
  return interpolate(texts.days, { days: String(Math.floor(totalHours / 24)), hours: String(totalHours % 24) });
}
