/**
 * Agent latency bench (loopback only, bounded loops):
 * - print: a 30-line receipt sent on the websocket -> its bytes handed to the printer transport
 *   (validation, ESC/POS rendering, journal fsync of the job and of `printing` included);
 * - scan: a code from the simulated scanner -> the scan event received by a paired websocket client,
 *   directly and through the control port's HTTP endpoint.
 * Client and agent share one process so both ends read the same clock.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { buildAgent, LOOPBACK_HOST } from '../src/app.ts';
import { paperProfiles, type Printer } from '../src/devices/printer.ts';
import type { AgentDevices } from '../src/devices/simulated-devices.ts';
import { createSimulatedPrinter } from '../src/devices/simulated-printer.ts';
import { createSimulatedScanner } from '../src/devices/simulated-scanner.ts';
import { createTcpTransport } from '../src/devices/transports/tcp-transport.ts';
import { makeReceipt } from '../test/fixtures/receipts.ts';
import { startFakePrinterServer } from '../test/helpers/fake-printer-server.ts';

const RUNS = Number(process.env.AGENT_BENCH_RUNS ?? 200);
const WARMUP = 20;
const ORIGIN = 'http://localhost:3000';
const TIMEOUT_MS = 5000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function row(name: string, samples: number[]): string[] {
  const sorted = [...samples].sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(2);
  return [
    name,
    String(sorted.length),
    ms(percentile(sorted, 50)),
    ms(percentile(sorted, 95)),
    ms(sorted.at(-1) ?? Number.NaN),
  ];
}

function table(rows: string[][]): string {
  const all = [['metric', 'runs', 'p50 ms', 'p95 ms', 'max ms'], ...rows];
  const widths = all[0]!.map((_, column) => Math.max(...all.map((r) => (r[column] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  return [line(all[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`bench: timed out waiting for ${what}`)), TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'nine-agent-bench-'));
  // The simulated drivers, with the transport's entry timestamped: "bytes handed to the transport".
  const printer = createSimulatedPrinter({ spoolDir: join(dataDir, 'spool'), profile: paperProfiles[58] });
  const scanner = createSimulatedScanner();
  let onHandedOver: ((at: number) => void) | undefined;
  const write = printer.transport.write.bind(printer.transport);
  printer.transport.write = (job, signal) => {
    onHandedOver?.(performance.now());
    return write(job, signal);
  };
  // A network printer on loopback: the real TCP 9100 transport, a local server as the printer.
  const tcpServer = await startFakePrinterServer();
  const tcpPrinter: Printer = {
    id: 'tcp',
    name: 'Loopback TCP 9100 printer',
    profile: paperProfiles[58],
    transport: createTcpTransport({ host: LOOPBACK_HOST, port: tcpServer.port }),
  };
  const devices: AgentDevices = {
    simulated: true,
    printers: [printer, tcpPrinter],
    scanners: [scanner],
    simulator: { printer, scanner },
  };

  const agent = await buildAgent({ dataDir, devices, allowedOrigins: [ORIGIN], logger: false });
  try {
    await agent.app.listen({ host: LOOPBACK_HOST, port: 0 });
    await agent.control.listen({ host: LOOPBACK_HOST, port: 0 });
    const port = (agent.app.server.address() as AddressInfo).port;
    const controlPort = (agent.control.server.address() as AddressInfo).port;

    const ws = new WebSocket(`ws://${LOOPBACK_HOST}:${port}/ws`, { origin: ORIGIN });
    await withTimeout(
      new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject)),
      'the websocket',
    );
    const waiters = new Map<string, (frame: Record<string, unknown>) => void>();
    let onScan: ((code: string) => void) | undefined;
    ws.on('message', (data) => {
      const frame = JSON.parse((data as Buffer).toString('utf8')) as Record<string, unknown>;
      if (typeof frame.id === 'string') waiters.get(frame.id)?.(frame);
      const payload = frame.payload as { code?: string; jobId?: string; status?: string } | undefined;
      if (frame.event === 'scan' && payload?.code !== undefined) onScan?.(payload.code);
      if (frame.event === 'job-status' && payload?.status === 'done' && payload.jobId !== undefined) {
        waiters.get(`done:${payload.jobId}`)?.(frame);
      }
    });
    let counter = 0;
    const request = (type: string, payload: unknown) => {
      counter += 1;
      const id = `b${counter}`;
      const reply = new Promise<Record<string, unknown>>((resolve) => waiters.set(id, resolve));
      ws.send(JSON.stringify({ v: 1, id, type, payload }));
      return withTimeout(reply, `the reply to ${type}`).finally(() => waiters.delete(id));
    };

    const code = agent.pairing.currentCode()?.code ?? agent.pairing.newCode().code;
    const paired = await request('pair', { code });
    if (paired.ok !== true) throw new Error('bench: pairing failed');

    const receipt = makeReceipt({ lines: 30 });
    const handOver: number[] = [];
    const replied: number[] = [];
    const printed: number[] = [];
    for (let run = 0; run < WARMUP + RUNS; run += 1) {
      const handed = new Promise<number>((resolve) => {
        onHandedOver = resolve;
      });
      const start = performance.now();
      const reply = await request('print', { job: { kind: 'receipt', receipt } });
      const replyAt = performance.now();
      const jobId = (reply.result as { job?: { jobId?: string } } | undefined)?.job?.jobId;
      if (reply.ok !== true || jobId === undefined)
        throw new Error(`bench: print refused: ${JSON.stringify(reply.error)}`);
      const done = new Promise((resolve) => waiters.set(`done:${jobId}`, resolve));
      const handedAt = await withTimeout(handed, 'the transport');
      if (agent.queue.get(jobId)?.status !== 'done') await withTimeout(done, 'the job to finish');
      const doneAt = performance.now();
      waiters.delete(`done:${jobId}`);
      if (run >= WARMUP) {
        handOver.push(handedAt - start);
        replied.push(replyAt - start);
        printed.push(doneAt - start);
      }
    }
    onHandedOver = undefined;

    // The same receipt through the TCP transport, until the printer has every byte (its side closed).
    const tcpReceived: number[] = [];
    for (let run = 0; run < WARMUP + RUNS; run += 1) {
      const received = tcpServer.nextJob(TIMEOUT_MS).then(() => performance.now());
      const start = performance.now();
      const reply = await request('print', { printerId: 'tcp', job: { kind: 'receipt', receipt } });
      if (reply.ok !== true) throw new Error(`bench: tcp print refused: ${JSON.stringify(reply.error)}`);
      const at = await received;
      if (run >= WARMUP) tcpReceived.push(at - start);
    }

    const scanDirect: number[] = [];
    const scanHttp: number[] = [];
    for (let run = 0; run < WARMUP + RUNS; run += 1) {
      const viaHttp = run % 2 === 1;
      const code = `84123456${String(run).padStart(5, '0')}`;
      const received = new Promise<number>((resolve) => {
        onScan = (got) => {
          if (got === code) resolve(performance.now());
        };
      });
      const start = performance.now();
      if (viaHttp) {
        await fetch(`http://${LOOPBACK_HOST}:${controlPort}/simulate/scan`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code }),
        });
      } else {
        scanner.inject(code);
      }
      const at = await withTimeout(received, 'the scan event');
      if (run >= WARMUP) (viaHttp ? scanHttp : scanDirect).push(at - start);
    }
    onScan = undefined;
    ws.close();

    process.stdout.write(
      `Nine agent bench, loopback: ${RUNS} print runs (30-line receipt, 58 mm), ${RUNS} scans (half through HTTP)\n`,
    );
    const rows = [
      row('print request -> bytes handed to transport', handOver),
      row('print request -> reply (job journaled)', replied),
      row('print request -> done (spool files written)', printed),
      row('print request -> all bytes at a TCP 9100 printer', tcpReceived),
      row('scan (scanner) -> paired client', scanDirect),
      row('scan (control HTTP POST) -> paired client', scanHttp),
    ];
    process.stdout.write(`${table(rows)}\n`);
  } finally {
    await agent.close();
    await tcpServer.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
