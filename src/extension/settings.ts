// Settings (contributes.configuration, conlens.*) and which workspace folder is the project.
import * as vscode from 'vscode';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { readSettings, type EngineSettings } from './model/cli-args.js';
import { bucketThresholds } from './model/report-model.js';

export const SECTION = 'conlens';

export interface Settings extends EngineSettings {
  timeoutMs: number;
  thresholds: number[];
  thresholdProblem?: string;
  decorateAfterRun: boolean;
  codeLens: boolean;
  nodePath: string;
}

export function getSettings(folder?: vscode.Uri): Settings {
  const config = vscode.workspace.getConfiguration(SECTION, folder);
  const engine = readSettings((key) => config.get(key));
  const buckets = bucketThresholds(config.get('colorBuckets'));
  const timeout = config.get('timeoutMs');
  return {
    ...engine,
    timeoutMs: typeof timeout === 'number' && timeout >= 0 ? timeout : 0,
    thresholds: buckets.thresholds,
    thresholdProblem: buckets.problem,
    decorateAfterRun: config.get('decorateAfterRun') !== false,
    codeLens: config.get('codeLens') !== false,
    nodePath: String(config.get('nodePath') ?? '').trim(),
  };
}

/** A folder has a configuration when conlens.configPath names an existing file, or it holds
 *  conlens.config.json, or its package.json has a "conlens" key (core/config's rules). */
export function hasConfig(folder: vscode.Uri): boolean {
  const root = folder.fsPath;
  const configPath = getSettings(folder).configPath;
  if (configPath) return existsSync(isAbsolute(configPath) ? configPath : join(root, configPath));
  if (existsSync(join(root, 'conlens.config.json'))) return true;
  try {
    return 'conlens' in JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  } catch {
    return false;
  }
}

/** The project folder: the first workspace folder with a configuration, else the first one. */
export function projectFolder(): vscode.WorkspaceFolder | undefined {
  const folders = vscode.workspace.workspaceFolders ?? [];
  return folders.find((f) => hasConfig(f.uri)) ?? folders[0];
}
