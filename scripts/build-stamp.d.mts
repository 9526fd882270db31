// Types of build-stamp.mjs for apps/web/vite.config.ts.
export interface BuildTarget {
  name: string;
  inputs: string[];
  dist: string;
  output: string;
}
export const repositoryRoot: string;
export const targets: { web: BuildTarget; api: BuildTarget };
export const STAMP_FILE: string;
export function inputsHash(root: string, inputs: string[]): string;
export function buildDecision(root: string, target: BuildTarget): { build: boolean; reason: string };
export function writeStamp(dist: string, hash: string): void;
