// The one way the server writes a length of time (mails, the PDF report, spreadsheet text): the
// units of durationParts (@liftwacht/contracts/durations, the rule the web's screens follow too, so
// a mail, the PDF and the screen read the same), in the words of locales/<language>/common.json
// ("34 min", "2 u 05 min", "7 d 10 u" in Dutch; "2 h 05 min", "7 d 10 h" in English).
import { durationParts, twoDigits } from '@liftwacht/contracts/durations';
import { catalogue, interpolate, type ServerLanguage } from './server-i18n.ts';

export function formatDuration(totalSeconds: number, language: ServerLanguage): string {
  const texts = catalogue(language).common.duration;
  const parts = durationParts(totalSeconds);
  switch (parts.unit) {
    case 'seconds':
      return interpolate(texts.seconds, { seconds: String(parts.seconds) });
    case 'minutes':
      return interpolate(texts.minutes, { minutes: String(parts.minutes) });
    case 'hours':
      return interpolate(texts.hours, { hours: String(parts.hours), minutes: twoDigits(parts.minutes) });
    case 'days':
      return interpolate(texts.days, { days: String(parts.days), hours: String(parts.hours) });
  }
}
