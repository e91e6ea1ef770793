import * as servers from './src/servers.ts';

const show = (label: string, value: unknown) => console.log(label, JSON.stringify(value));
show('shapes', servers.shapes());
show('echo', await servers.echo(await servers.freePort()));
show('web', await servers.web());
