export function sanitize(project: string): string {
  const clean = project.toLowerCase().replace(/[^a-z0-9_-]/g, '_');
  if (!clean) throw new Error('empty project name');
  return clean;
}

export function transform(source: string): string {
  return source
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n');
}

export function outputName(file: string): string {
  return file.replace(/\.ts$/, '.js');
}
