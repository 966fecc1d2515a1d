// The lift form's values and how they become the contract's request: every input holds text (a
// number field may be half typed), the contract's schema decides what is valid, and an edit sends
// only what changed with the version it started from.
import {
  liftFieldDefaults,
  liftFieldsSchema,
  type LiftField,
  type LiftFields,
  type LiftFieldsInput,
  type UpdateLift,
} from '@liftwacht/contracts/lift-editing';
import type { Lift } from '@liftwacht/contracts/lifts';

/** The text fields in the order the lift page shows them. */
export const liftTextFields = [
  'name',
  'address',
  'postalCode',
  'city',
  'buildingName',
  'sbclId',
  'serialNumber',
  'ownerNumber',
  'inspectionNumber',
  'installerNumber',
  'telephoneNumber',
  'manufacturerNumber',
  'liftType',
] as const satisfies readonly LiftField[];
export type LiftTextField = (typeof liftTextFields)[number];

export type LiftFormValues = Record<LiftTextField, string> & {
  hasFlow: boolean;
  maintenanceIntervalDays: string;
  serviceRideThreshold: string;
  /** yyyy-MM-dd, or '' for not known. */
  commissionedOn: string;
};

export function emptyLiftForm(): LiftFormValues {
  const text = Object.fromEntries(liftTextFields.map((field) => [field, ''])) as Record<LiftTextField, string>;
  return {
    ...text,
    hasFlow: liftFieldDefaults.hasFlow,
    maintenanceIntervalDays: String(liftFieldDefaults.maintenanceIntervalDays),
    serviceRideThreshold: String(liftFieldDefaults.serviceRideThreshold),
    commissionedOn: '',
  };
}

/** The lift's stored fields, in the shape a create sends them. */
export function liftFieldsOf(lift: Lift): LiftFields {
  const { details } = lift;
  return {
    name: details.liftname ?? '',
    address: details.address ?? '',
    postalCode: details.postalCode,
    city: details.city,
    buildingName: details.buildingName,
    sbclId: details.sbclId,
    serialNumber: details.serialNumber,
    ownerNumber: details.ownerNumber,
    inspectionNumber: details.inspectionNumber,
    installerNumber: details.installerNumber,
    telephoneNumber: details.telephoneNumber,
    manufacturerNumber: details.manufacturerNumber,
    liftType: lift.liftType,
    hasFlow: lift.hasFlow,
    maintenanceIntervalDays: lift.maintenanceIntervalDays,
    serviceRideThreshold: lift.serviceRideThreshold,
    commissionedOn: lift.commissionedOn,
  };
}

export function liftFormValues(lift: Lift): LiftFormValues {
  const fields = liftFieldsOf(lift);
  const text = Object.fromEntries(liftTextFields.map((field) => [field, fields[field] ?? ''])) as Record<
    LiftTextField,
    string
  >;
  return {
    ...text,
    hasFlow: fields.hasFlow,
    maintenanceIntervalDays: String(fields.maintenanceIntervalDays),
    serviceRideThreshold: String(fields.serviceRideThreshold),
    commissionedOn: fields.commissionedOn ?? '',
  };
}

/** A blank number is NaN, so the schema refuses it instead of filling in a default. */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** The form checked with the contract's schema, as a create would send it. */
export function checkLiftForm(values: LiftFormValues) {
  const input: LiftFieldsInput = {
    ...values,
    maintenanceIntervalDays: numberOf(values.maintenanceIntervalDays),
    serviceRideThreshold: numberOf(values.serviceRideThreshold),
    commissionedOn: values.commissionedOn === '' ? null : values.commissionedOn,
  };
  return liftFieldsSchema.safeParse(input);
}

/** The PATCH body of an edit: the fields that differ from the lift it started from, and its version. */
export function liftChanges(base: Lift, next: LiftFields): UpdateLift {
  const before = liftFieldsOf(base);
  const changed = Object.fromEntries(
    (Object.keys(next) as LiftField[])
      .filter((field) => next[field] !== before[field])
      .map((field) => [field, next[field]]),
  ) as Partial<LiftFields>;
  return { ...changed, version: base.version };
}
