/** The vertical rhythm of the signed-out forms. */
export const formSx = { display: 'flex', flexDirection: 'column', gap: 2 } as const;
