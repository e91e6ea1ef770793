import pDebounce from 'p-debounce';
import { Backend } from './backend.ts';

export const SEARCH_WAIT_MS = 20;

export class Editor {
  /** Keystrokes within SEARCH_WAIT_MS of each other become one search, of the last query. */
  readonly search: (q: string) => Promise<string[]>;
  /** A refresh requested while one runs gets the running one's result. */
  readonly refresh: () => Promise<number>;
  /** A save requested while one runs is done again afterwards with the latest draft. */
  readonly save: (draft: string) => Promise<string>;

  constructor(readonly backend: Backend) {
    this.search = pDebounce((q: string) => backend.search(q.trim().toLowerCase()), SEARCH_WAIT_MS);
    this.refresh = pDebounce.promise(() => backend.refreshIndex());
    this.save = pDebounce.promise((draft: string) => backend.save(draft), { after: true });
  }
}
