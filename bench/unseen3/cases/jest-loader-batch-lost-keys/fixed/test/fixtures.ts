import { TeamsApi, UsersApi } from '../src/feed';
import type { Post, User } from '../src/feed';

export function usersApi(): UsersApi {
  const users = new Map<string, User>();
  for (const [id, name] of [['u1', 'Ann'], ['u2', 'Bob'], ['u3', 'Cy'], ['u4', 'Dee'], ['u5', 'Eve']]) users.set(id, { id, name });
  return new UsersApi(users);
}

export function teamsApi(): TeamsApi {
  return new TeamsApi(new Map([['core', ['u4', 'u5']], ['ops', ['u1', 'u3']]]));
}

export const posts: Post[] = [
  { id: 'p1', author: 'u1', text: 'hello' },
  { id: 'p2', author: 'u2', text: 'hi' },
  { id: 'p3', author: 'u1', text: 'again' },
];
