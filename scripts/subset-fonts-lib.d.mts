export interface Face {
  family: string;
  pkg: string;
  weight: number;
  style: string;
  slug: string;
  source: string;
}
export const FACES: Face[];
export const CORE: number[];
export const REST: number[];
export function subsetFaces(
  read: (pkg: string, file: string) => Uint8Array,
): Promise<{ files: Record<string, Uint8Array>; css: string }>;
