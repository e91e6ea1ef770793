import type { RpcClient } from './rpc-client';

export interface Profile {
  user: string;
  name: string;
}

/** The accounts API as the web front end uses it. */
export class AccountsApi {
  constructor(private readonly rpc: RpcClient) {}

  balance(user: string): Promise<number> {
    return this.rpc.call('balance', { user }).then((value) => Number(value));
  }

  profile(user: string): Promise<Profile> {
    return this.rpc.call('profile', { user }).then((value) => value as Profile);
  }

  summary(user: string): Promise<string> {
    return Promise.all([this.profile(user), this.balance(user)]).then(
      ([profile, balance]) => `${profile.name}: ${formatCents(balance)}`,
    );
  }

  healthy(): Promise<boolean> {
    return this.rpc.call('ping').then(
      (reply) => reply === 'pong',
      () => false,
    );
  }
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
