// Sockets end with their session. Each socket joins rooms for its session, its user and its
// organisation's scope; a SessionEnd then reaches exactly those sockets through the adapter, so
// with Redis the sockets on every node close, not only this node's.
import type { Socket } from 'socket.io';
import type { LiftwachtIo } from '../../plugins/socket-io.ts';
import type { SessionEnd } from '../../lib/session-ends.ts';
import { organisationRoom } from './realtime-publisher.ts';
import type { SocketIdentity } from './realtime.service.ts';

const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const userRoom = (userId: number) => `user:${String(userId)}`;
/** Sockets of users of an organisation that follow other organisations' dashboards. */
const memberRoom = (organisationId: number) => `member:${String(organisationId)}`;
/** Lift sockets of users of `organisationId` on a lift of `liftOrganisationId`. */
const liftScopeRoom = (organisationId: number, liftOrganisationId: number) =>
  `lift-scope:${String(organisationId)}:${String(liftOrganisationId)}`;

/** Joins the rooms a SessionEnd addresses; call once when the socket connects. */
export async function joinSessionRooms(socket: Socket, identity: SocketIdentity): Promise<void> {
  if (identity.kind === 'lift') {
    await socket.join([
      sessionRoom(identity.sessionId),
      userRoom(identity.userId),
      liftScopeRoom(identity.organisationId, identity.liftOrganisationId),
    ]);
    return;
  }
  const { principal } = identity;
  await socket.join([
    sessionRoom(principal.sessionId),
    userRoom(principal.userId),
    memberRoom(principal.organisationId),
  ]);
}

/** Closes (or narrows) the sockets an ended session or a revoked grant leaves without a right. */
export function endSockets(io: LiftwachtIo, end: SessionEnd): void {
  switch (end.kind) {
    case 'session':
      io.in(sessionRoom(end.sessionId)).disconnectSockets(true);
      return;
    case 'user':
      io.in(userRoom(end.userId)).disconnectSockets(true);
      return;
    case 'access':
      // A lift page of the revoked organisation has nothing left to show: close it. A dashboard
      // socket keeps its other organisations and only stops following the revoked one.
      io.in(liftScopeRoom(end.organisationId, end.revokedOrganisationId)).disconnectSockets(true);
      io.in(memberRoom(end.organisationId)).socketsLeave(organisationRoom(end.revokedOrganisationId));
      return;
  }
}
