export function parseHex(hex: string): [number, number, number];
export function toHex(rgb: readonly number[]): string;
export function luminance(hex: string): number;
export function contrast(a: string, b: string): number;
export const AA_TEXT: number;
export const AA_NON_TEXT: number;
export function shadeUntil(hex: string, toward: string, fits: (shade: string) => boolean): string;
