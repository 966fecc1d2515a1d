/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the Liftwacht API, e.g. https://api.example.nl. Empty: the page's own origin. */
  readonly VITE_API_BASE_URL?: string;
  /** Origin of the "next" API host (lift details). Empty: the same as VITE_API_BASE_URL. */
  readonly VITE_NEXT_API_BASE_URL?: string;
  /** Origin of the realtime socket (Socket.IO). Empty: the same as VITE_API_BASE_URL. */
  readonly VITE_SOCKET_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
