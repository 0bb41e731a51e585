import { describe, expect, it } from 'vitest';
import { agentAddress, agentAddressForm } from '../src/schemas/agent-address.ts';

describe('the agent address', () => {
  it('completes a port or host:port to a loopback websocket address', () => {
    expect(agentAddress.parse('3927')).toBe('ws://127.0.0.1:3927/ws');
    expect(agentAddress.parse(' localhost:17900 ')).toBe('ws://localhost:17900/ws');
    expect(agentAddress.parse('wss://[::1]:17900/agent')).toBe('wss://[::1]:17900/agent');
  });

  it('refuses an address off this PC, another scheme or credentials, on the form field', () => {
    for (const input of ['ws://192.168.1.20:17900/ws', 'http://127.0.0.1:17900', 'ws://a:b@localhost:1', ''])
      expect(agentAddress.safeParse(input).success).toBe(false);
    expect(agentAddressForm.safeParse({ url: 'ws://example.com' }).error?.issues[0]).toMatchObject({
      path: ['url'],
      message: 'agent_address',
    });
  });
});
