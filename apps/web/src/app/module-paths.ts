// The modules pages' paths (issue 17). Not in paths.ts: that file is part of the login route's
// bundle, which is at its size budget, and only pages behind the login link to modules.

const segment = (value: string | number): string => encodeURIComponent(String(value));

export const modulePaths = {
  list: '/admin/modules',
  module: (moduleId: string | number) => `/admin/modules/${segment(moduleId)}`,
  /** A module by its ES number (what the lift page knows), resolved to its page. */
  byEsNumber: (esNumber: string) => `/admin/modules/es/${segment(esNumber)}`,
} as const;
