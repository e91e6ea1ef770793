export interface Contact {
  email: string;
  name: string;
  company?: string;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface Job {
  id: string;
  listId: string;
  uploadId: string;
  status: JobStatus;
  imported: number;
  rejected: number;
  /** The list's size when the job was marked done. */
  listSize?: number;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const latency = (min: number, max: number) => delay(min + Math.floor(Math.random() * (max - min + 1)));

export interface ContactsDb {
  upsertContact: (listId: string, contact: Contact) => Promise<void>;
  listContacts: (listId: string) => Promise<Contact[]>;
  countContacts: (listId: string) => Promise<number>;
  createJob: (listId: string, uploadId: string) => Promise<Job>;
  updateJob: (id: string, patch: Partial<Omit<Job, 'id'>>) => Promise<Job>;
  getJob: (id: string) => Promise<Job | undefined>;
  readonly jobsCreated: number;
}

/** A fake database: contact lists keyed by lower-cased email, and an import-jobs table. */
export function createContactsDb(): ContactsDb {
  const lists = new Map<string, Map<string, Contact>>();
  const jobs = new Map<string, Job>();
  let nextJob = 1;

  const listOf = (listId: string) => {
    let list = lists.get(listId);
    if (!list) lists.set(listId, (list = new Map()));
    return list;
  };

  return {
    upsertContact: async (listId, contact) => {
      await latency(1, 4);
      listOf(listId).set(contact.email.toLowerCase(), { ...contact });
    },
    listContacts: async (listId) => {
      await latency(1, 2);
      return [...listOf(listId).values()].map((c) => ({ ...c }));
    },
    countContacts: async (listId) => {
      await latency(1, 2);
      return listOf(listId).size;
    },
    createJob: async (listId, uploadId) => {
      await latency(1, 3);
      const job: Job = { id: `job-${nextJob++}`, listId, uploadId, status: 'queued', imported: 0, rejected: 0 };
      jobs.set(job.id, job);
      return { ...job };
    },
    updateJob: async (id, patch) => {
      await latency(1, 2);
      const job = jobs.get(id);
      if (!job) throw new Error(`no job ${id}`);
      Object.assign(job, patch);
      return { ...job };
    },
    getJob: async (id) => {
      await latency(1, 2);
      const job = jobs.get(id);
      return job && { ...job };
    },
    get jobsCreated() {
      return nextJob - 1;
    },
  };
}
