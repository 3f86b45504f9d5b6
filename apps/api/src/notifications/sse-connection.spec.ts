import { createServer, get, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { SseConnection, SseMessage } from './sse-connection';

/** A server whose every response is an event stream sent `texts`, each as one message, then ended. */
async function streamServer(texts: readonly string[]): Promise<{ server: Server; port: number }> {
  const server = createServer((_request, response) => {
    const connection = new SseConnection(response);
    for (const text of texts) connection.send(new SseMessage(text));
    connection.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const TEXTS = ['retry: 3000\n\n', 'id: 7\nevent: notification\ndata: {"kind":"like","title":"Grüße"}\n\n', ': heartbeat\n\n'];

describe('SseConnection', () => {
  it('writes each message to the socket as one chunk that an HTTP/1.1 client reads back as sent', async () => {
    const { server, port } = await streamServer(TEXTS);
    const { type, body, encoding } = await new Promise<{ type?: string; body: string; encoding?: string }>((resolve, reject) =>
      get({ port, host: '127.0.0.1', path: '/' }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ type: response.headers['content-type'], body: text, encoding: response.headers['transfer-encoding'] }),
        );
      }).on('error', reject),
    );
    server.close();

    expect(type).toBe('text/event-stream');
    expect(encoding).toBe('chunked');
    expect(body).toBe(TEXTS.join(''));
  });

  it('writes the messages as they are to an HTTP/1.0 client, which reads until the close', async () => {
    const { server, port } = await streamServer(TEXTS);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text)).on('error', reject);
    });
    server.close();

    expect(raw.slice(raw.indexOf('\r\n\r\n') + 4)).toBe(TEXTS.join(''));
  });

  it('writes through the response when something encodes it (the socket would get bytes the Content-Encoding does not describe)', () => {
    const socketWrites: unknown[] = [];
    const responseWrites: unknown[] = [];
    const response = {
      statusCode: 0,
      setHeader: () => undefined,
      getHeader: (name: string) => (name === 'Content-Encoding' ? 'gzip' : undefined),
      flushHeaders: () => undefined,
      socket: { writable: true, write: (bytes: unknown) => socketWrites.push(bytes) },
      chunkedEncoding: true,
      write: (bytes: unknown) => responseWrites.push(bytes),
    } as unknown as ServerResponse;

    new SseConnection(response).send(new SseMessage(TEXTS[0]));

    expect(socketWrites).toEqual([]);
    expect(responseWrites).toEqual([Buffer.from(TEXTS[0])]);
  });
});
