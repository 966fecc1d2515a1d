// The package ships its declarations under a name TypeScript does not read (index.ts.d).
declare module 'unicode-confusables' {
  /** Replaces each character by its UTS #39 confusable prototype and drops zero-width characters. */
  export function rectifyConfusion(value: string): string;
}
