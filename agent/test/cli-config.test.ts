import { describe, expect, it } from 'vitest';
import { parseCliConfig } from '../src/config/cli-config.ts';

describe('parseCliConfig', () => {
  it('defaults to port 17900, control 17901, ./.agent-data and the local web origins', () => {
    expect(parseCliConfig([], {}, '/srv/nine')).toEqual({
      command: 'run',
      port: 17900,
      controlPort: 17901,
      dataDir: '/srv/nine/.agent-data',
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      simulate: false,
      paperWidthMm: 58,
      logLevel: 'info',
      help: false,
      configPath: '/srv/nine/.agent-data/devices.json',
      configRequired: false,
      printers: [],
      scanners: [],
      deviceName: undefined,
    });
  });

  it('reads the pair command with the ports of the agent it asks', () => {
    expect(parseCliConfig(['pair', '--port', '18000'], {}, '/')).toMatchObject({
      command: 'pair',
      port: 18000,
      controlPort: 18001,
    });
    expect(parseCliConfig(['--', 'pair'], { AGENT_CONTROL_PORT: '19001' }, '/')).toMatchObject({
      command: 'pair',
      controlPort: 19001,
    });
  });

  it('reads the environment', () => {
    const config = parseCliConfig(
      [],
      {
        AGENT_PORT: '18000',
        AGENT_DATA_DIR: '/var/lib/nine',
        AGENT_ALLOWED_ORIGINS: 'https://shop.example/, http://localhost:5173',
      },
      '/',
    );
    expect(config).toMatchObject({
      port: 18000,
      controlPort: 18001,
      dataDir: '/var/lib/nine',
      allowedOrigins: ['https://shop.example', 'http://localhost:5173'],
    });
  });

  it('lets flags win over the environment', () => {
    const config = parseCliConfig(
      [
        '--port',
        '0',
        '--data-dir',
        'tmp',
        '--allowed-origin',
        'http://a.test',
        '--allowed-origin',
        'http://b.test:8080',
        '--simulate',
        '--paper-width',
        '80',
      ],
      { AGENT_PORT: '18000', AGENT_ALLOWED_ORIGINS: 'http://c.test' },
      '/work',
    );
    expect(config).toMatchObject({
      port: 0,
      controlPort: 0,
      dataDir: '/work/tmp',
      allowedOrigins: ['http://a.test', 'http://b.test:8080'],
      simulate: true,
      paperWidthMm: 80,
    });
  });

  it('ignores the `--` a package script passes along', () => {
    expect(parseCliConfig(['--', '--port', '18100'], {}, '/')).toMatchObject({
      port: 18100,
      controlPort: 18101,
    });
  });

  it('rejects nonsense', () => {
    expect(() => parseCliConfig(['--port', 'abc'], {}, '/')).toThrow('port');
    expect(() => parseCliConfig(['--port', '70000'], {}, '/')).toThrow('port');
    expect(() => parseCliConfig(['--allowed-origin', 'not a url'], {}, '/')).toThrow();
    expect(() => parseCliConfig(['--paper-width', '55'], {}, '/')).toThrow('58 or 80');
    expect(() => parseCliConfig(['--bogus'], {}, '/')).toThrow();
    expect(() => parseCliConfig(['--port', '17900', '--control-port', '17900'], {}, '/')).toThrow('differ');
  });
});
