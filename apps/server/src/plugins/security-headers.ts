// Security headers on every response (@fastify/helmet): a Content-Security-Policy that allows only
// what the web app really loads, no framing, no MIME sniffing, a strict referrer policy, and HSTS
// when the portal is served over https.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The CSP directives for a portal whose public address is publicUrl. */
export function contentSecurityPolicy(publicUrl: string): Record<string, string[]> {
  const origin = new URL(publicUrl);
  // The realtime socket: 'self' covers same-origin ws: in CSP 3, but the public address may differ
  // from the one the page was opened on behind a proxy.
  const socketOrigin = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // MUI (Emotion) writes its styles into <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Charts and icons are inline SVG; downloads are blobs.
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", origin.origin, socketOrigin],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const https = new URL(app.config.publicUrl).protocol === 'https:';
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...contentSecurityPolicy(app.config.publicUrl),
          // Only where the browser actually comes over https; on http it would break the portal.
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Not includeSubDomains: the portal's host says nothing about its company's other hosts.
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
      // Cross-origin isolation would stop the documented split API/web origins (VITE_API_BASE_URL).
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
  },
  { name: 'security-headers', dependencies: ['core'] },
);
