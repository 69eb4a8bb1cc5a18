import type { en } from './en.ts';

export type CoreKey = keyof typeof en;
