// The rules of the sticker sheet: who may print it for which organisation, which lifts it holds
// (through app.liftList, so the sheet matches the lifts list) and the URL each QR code carries.
import type { z } from 'zod';
import { liftStickerPath, type liftStickersRequestSchema } from '@liftwacht/contracts/lift-stickers';
import type { Lift } from '@liftwacht/contracts/lifts';
import { seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import type { LiftList } from '../lifts/lift-export-rows.ts';

export type LiftStickersSelection = Omit<z.output<typeof liftStickersRequestSchema>, 'language'>;

export interface StickerLifts {
  lifts: AsyncIterable<Lift[]>;
  urlOf: (liftId: number) => string;
}

export class LiftStickersService {
  constructor(
    private readonly access: OrganisationAccess,
    private readonly liftList: LiftList,
    private readonly publicUrl: string,
  ) {}

  /**
   * Refuses before anything streams, like the lift form: 404 outside the caller's scope, 403 for
   * an organisation reached through a grant (its own administrators print its stickers).
   */
  async lifts(principal: Principal, selection: LiftStickersSelection): Promise<StickerLifts> {
    const { organisationId } = selection;
    if (!(await this.access.canAccess(principal, organisationId))) throw notFound('Organisation');
    if (organisationId !== principal.organisationId && !seesEveryOrganisation(principal.roles)) throw forbidden();
    const lifts = await this.liftList.batches(principal, selection);
    return { lifts, urlOf: (liftId) => `${this.publicUrl}${liftStickerPath(liftId)}` };
  }
}
