import { type NoteRow, type NotesTable, now } from './db';

export interface NoteInput {
  id: string;
  title: string;
  body: string;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Markdown to HTML; links are checked by a slow sanitizer service, so rendering takes a while. */
export class Renderer {
  rendered = 0;

  async render(markdown: string): Promise<string> {
    await delay(1 + Math.floor(Math.random() * 6));
    this.rendered++;
    return markdown
      .split(/\n{2,}/)
      .map((block) => (block.startsWith('# ') ? `<h1>${block.slice(2)}</h1>` : `<p>${block.replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')}</p>`))
      .join('');
  }
}

export class NotesRepo {
  constructor(private readonly table: NotesTable, private readonly renderer: Renderer) {}

  /** Renders and stores a note, stamped with the time of the write. */
  async save(input: NoteInput): Promise<NoteRow> {
    const updatedAt = now();
    const previous = await this.table.get(input.id);
    const html = await this.renderer.render(input.body);
    return this.table.upsert({ ...input, html, version: (previous?.version ?? 0) + 1, updatedAt });
  }

  find(id: string): Promise<NoteRow | undefined> {
    return this.table.get(id);
  }
}

export class NotesService {
  constructor(private readonly repo: NotesRepo) {}

  async update(id: string, title: string, body: string): Promise<NoteRow> {
    if (!title.trim()) throw new Error('a note needs a title');
    if (body.length > 20_000) throw new Error('note too long');
    return this.repo.save({ id, title: title.trim(), body });
  }

  read(id: string): Promise<NoteRow | undefined> {
    return this.repo.find(id);
  }
}

export interface PutRequest {
  params: { id: string };
  body: { title?: string; body?: string };
}

/** The HTTP-ish handler for PUT /notes/:id. */
export class NotesApi {
  constructor(private readonly notes: NotesService) {}

  async put(req: PutRequest): Promise<{ status: number; body: unknown }> {
    try {
      const row = await this.notes.update(req.params.id, req.body.title ?? '', req.body.body ?? '');
      return { status: 200, body: { id: row.id, version: row.version } };
    } catch (err) {
      return { status: 422, body: (err as Error).message };
    }
  }
}
