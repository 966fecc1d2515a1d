/** The lift of a sticker URL (`/lifts/{id}?sticker=1`, contracts' liftStickerPath), else null. */
export function stickerLiftId(pathname: string, searchParams: URLSearchParams): number | null {
  const id = /^\/lifts\/(\d{1,10})\/?$/.exec(pathname)?.[1];
  return id !== undefined && searchParams.get('sticker') === '1' ? Number(id) : null;
}
