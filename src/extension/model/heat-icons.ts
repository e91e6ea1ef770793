// The gutter icons of the heat buckets (issue 8 item 3): generated SVG, one per bucket and theme
// kind, written at activation into the extension's global storage. Their colors are the defaults
// of the contributed colors conlens.heat0…3 (package.json contributes.colors), or the user's
// override of them in workbench.colorCustomizations — gutter icons are images, they cannot take a
// ThemeColor, so the override is read and baked in. Pure: strings in, strings out.

export const HEAT_BUCKETS = 4;

/** Defaults of contributes.colors conlens.heat0…3, hottest first (kept equal to package.json). */
export const HEAT_DEFAULTS: { dark: string; light: string }[] = [
  { dark: '#f14c4c', light: '#c72e2e' },
  { dark: '#f38c3a', light: '#c25e0b' },
  { dark: '#e2c541', light: '#a38300' },
  { dark: '#6c9bd2', light: '#3f6fa8' },
];

/** A flame-like bar whose height grows with the heat, so the buckets differ for color-blind users
 *  too: bucket 0 fills the line, bucket 3 a quarter. */
export function heatIconSvg(bucket: number, color: string): string {
  const safe = /^#[0-9a-fA-F]{3,8}$/.test(color) ? color : '#888888';
  const height = Math.round(16 * (1 - bucket / HEAT_BUCKETS));
  const y = 16 - height;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><rect x="5" y="${y}" width="6" height="${height}" rx="2" fill="${safe}"/>${bucket === 0 ? `<circle cx="8" cy="3" r="2.5" fill="${safe}"/>` : ''}</svg>\n`;
}

/** The file name of an icon; e2e tests find our gutter decorations by it (`conlens-heat-`). */
export function heatIconName(bucket: number, kind: 'dark' | 'light', color: string): string {
  // The color is in the name so a changed color gets a new file (VS Code caches icons by URI).
  return `conlens-heat-${bucket}-${kind}-${color.replace(/[^0-9a-zA-Z]/g, '')}.svg`;
}

/** The icon color of a bucket: the user's workbench.colorCustomizations entry when it is a hex
 *  color (theme-scoped `[Theme Name]` blocks are not followed), else the default. */
export function heatColor(bucket: number, kind: 'dark' | 'light', customizations: unknown): string {
  const own = customizations && typeof customizations === 'object' ? (customizations as Record<string, unknown>)[`conlens.heat${bucket}`] : undefined;
  return typeof own === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(own) ? own : HEAT_DEFAULTS[bucket][kind];
}
