// The load balancer of a two-instance system test: a loopback TCP relay in front of the cloud
// instances that sends each new connection to the first instance that accepts it (Caddy's
// `lb_policy first`, with a refused connection tried on the next instance). Everything is parked on
// the first instance while it lives, so the test knows which one to kill; once it is gone (its
// connections cut, its port refusing), clients reconnect through the same URL and land on the next.
// The deployment's Caddy (deploy/Caddyfile) balances round robin over HTTP with health checks; the
// clients see the same thing on a kill: their open connections fail, their next ones are answered.
import net from 'node:net';

export interface Balancer {
  url: string;
  /** Connections open now to each upstream, by index. */
  open(): number[];
  /** Connections ever relayed to each upstream, by index. */
  relayed(): number[];
  close(): Promise<void>;
}

export async function startBalancer(upstreamPorts: number[]): Promise<Balancer> {
  const open = upstreamPorts.map(() => new Set<net.Socket>());
  const relayed = upstreamPorts.map(() => 0);
  const clients = new Set<net.Socket>();

  /** Relays `client` to the first upstream from `i` that accepts; with none left, closes it. */
  const connect = (client: net.Socket, i: number) => {
    if (i >= upstreamPorts.length || client.destroyed) return void client.destroy();
    const upstream = net.connect(upstreamPorts[i]!, '127.0.0.1');
    upstream.once('error', () => connect(client, i + 1)); // refused: the next instance
    upstream.once('connect', () => {
      upstream.removeAllListeners('error');
      if (client.destroyed) return void upstream.destroy();
      relayed[i]! += 1;
      open[i]!.add(upstream);
      const cut = () => {
        open[i]!.delete(upstream);
        upstream.destroy();
        client.destroy();
      };
      upstream.on('error', cut).on('close', cut);
      client.on('error', cut).on('close', cut);
      client.pipe(upstream).pipe(client);
    });
  };

  const server = net.createServer((client) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    client.on('error', () => client.destroy());
    client.pause(); // bytes sent before the upstream is chosen wait for the pipe
    connect(client, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    open: () => open.map((s) => s.size),
    relayed: () => [...relayed],
    close: async () => {
      for (const c of clients) c.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
