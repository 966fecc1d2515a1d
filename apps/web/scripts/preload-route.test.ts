// The login route's files listed in index.html (issue 21): its chunk and what that imports.
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { routeFiles } from './preload-route.ts';

function chunk(fileName: string, imports: string[], facadeModuleId: string | null = null) {
  return { type: 'chunk', fileName, imports, facadeModuleId } as unknown as Rolldown.OutputChunk;
}

const bundle = {
  'assets/index-a.js': chunk('assets/index-a.js', ['assets/vendor-b.js'], '/app/src/main.tsx'),
  'assets/vendor-b.js': chunk('assets/vendor-b.js', []),
  'assets/login-route-c.js': chunk(
    'assets/login-route-c.js',
    ['assets/vendor-b.js', 'assets/auth-layout-d.js'],
    '/app/src/app/routes/login-route.tsx',
  ),
  'assets/auth-layout-d.js': chunk('assets/auth-layout-d.js', ['assets/input-e.js', 'assets/vendor-b.js']),
  'assets/input-e.js': chunk('assets/input-e.js', ['assets/auth-layout-d.js']),
  'assets/dashboard-f.js': chunk('assets/dashboard-f.js', ['assets/vendor-b.js'], '/app/src/app/routes/dashboard.tsx'),
  'assets/logo.svg': { type: 'asset', fileName: 'assets/logo.svg' },
} as unknown as Rolldown.OutputBundle;

describe('routeFiles', () => {
  it("lists the route's chunk and every chunk it imports, each once, none of another route", () => {
    expect(routeFiles(bundle, 'src/app/routes/login-route.tsx')).toEqual([
      'assets/login-route-c.js',
      'assets/vendor-b.js',
      'assets/auth-layout-d.js',
      'assets/input-e.js',
    ]);
  });

  it('fails the build when the route is gone, rather than preloading nothing unnoticed', () => {
    expect(() => routeFiles(bundle, 'src/app/routes/sign-in.tsx')).toThrow(/no chunk is built from/);
  });
});
