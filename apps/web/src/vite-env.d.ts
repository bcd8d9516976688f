/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Public address of the project's source repository, shown in the landing footer when set. */
  readonly VITE_SOURCE_REPOSITORY_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
