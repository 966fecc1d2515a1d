// The reading-name form: what the fields hold, and the checks the server makes too (so a mistake is
// named on its field before a request goes out).
import { readingKeySchema, type PutSenseLabel, type SenseLabelItem } from '@liftwacht/contracts/sense-labels';

export interface SenseLabelForm {
  key: string;
  nameNl: string;
  nameEn: string;
  unit: string;
}

export type SenseLabelField = keyof SenseLabelForm;
export const senseLabelFields: readonly SenseLabelField[] = ['key', 'nameNl', 'nameEn', 'unit'];
export type SenseLabelProblem = 'keyInvalid' | 'nameRequired' | 'nameTooLong' | 'unitTooLong';

export const maxNameLength = 80;
export const maxUnitLength = 16;

export function formFromItem(item: SenseLabelItem | null): SenseLabelForm {
  return {
    key: item?.key ?? '',
    nameNl: item?.own?.nameNl ?? '',
    nameEn: item?.own?.nameEn ?? '',
    unit: item?.own?.unit ?? '',
  };
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export function checkSenseLabel(
  form: SenseLabelForm,
  version: number | null,
):
  | { body: PutSenseLabel; problems?: never }
  | { body?: never; problems: Partial<Record<SenseLabelField, SenseLabelProblem>> } {
  const problems: Partial<Record<SenseLabelField, SenseLabelProblem>> = {};
  if (!readingKeySchema.safeParse(form.key.trim()).success) problems.key = 'keyInvalid';
  const nameNl = orNull(form.nameNl);
  const nameEn = orNull(form.nameEn);
  if (nameNl === null && nameEn === null) problems.nameNl = 'nameRequired';
  if ((nameNl?.length ?? 0) > maxNameLength) problems.nameNl = 'nameTooLong';
  if ((nameEn?.length ?? 0) > maxNameLength) problems.nameEn = 'nameTooLong';
  const unit = orNull(form.unit);
  if ((unit?.length ?? 0) > maxUnitLength) problems.unit = 'unitTooLong';
  if (Object.keys(problems).length > 0) return { problems };
  return { body: { nameNl, nameEn, unit, version } };
}
