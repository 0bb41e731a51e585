import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { copyText, ShareLinkSection } from './share-link-section.tsx';

setUpTranslatedSuite();

const now = () => new Date('2031-06-01T10:00:00.000Z');
const live = {
  url: 'https://shop.example/nine/participant/signe?t=abc',
  expires_at: '2031-06-11T12:00:00.000Z',
  revoked: false,
};

describe('the share link of a reservation', () => {
  it('copies the link and says when it stops working', async () => {
    const copied: string[] = [];
    renderWithProviders(
      <ShareLinkSection
        orderId={41}
        link={live}
        canChange
        now={now}
        writeClipboard={async (text) => void copied.push(text)}
      />,
    );
    expect((screen.getByLabelText('Link for the participants') as HTMLInputElement).value).toBe(live.url);
    expect(screen.getByText(/^Works until/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link copied.')).toBeTruthy();
    expect(copied).toEqual([live.url]);
  });

  it('rotates after asking, and shows the new address once when the server cannot show it again', async () => {
    const fresh = { url: 'https://shop.example/nine/participant/signe?t=new', expires_at: live.expires_at };
    const calls = stubApi({
      'POST nine/tours/reservations/41/share-link': () => jsonResponse(201, { data: fresh }),
    });
    const view = renderWithProviders(
      <ShareLinkSection orderId={41} link={{ ...live, url: null }} canChange now={now} />,
    );
    expect(screen.getByText(/cannot be shown again/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByText('Make a new link?')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Rotate' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    view.rerender(<ShareLinkSection orderId={41} link={{ ...live, url: null }} canChange now={now} />);
    expect(((await screen.findByLabelText('Link for the participants')) as HTMLInputElement).value).toBe(
      fresh.url,
    );
    expect(screen.getByText('Copy this link now: it is shown only this once.')).toBeTruthy();
  });

  it('offers a new link once revoked or expired', () => {
    renderWithProviders(
      <ShareLinkSection orderId={41} link={{ ...live, revoked: true }} canChange now={now} />,
    );
    expect(screen.getByText('The link was revoked: it no longer works.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });

  it('copies with the older command on plain http, and selects the link when nothing could copy', async () => {
    vi.stubGlobal('isSecureContext', false);
    const commands: string[] = [];
    let works = true;
    Object.defineProperty(document, 'execCommand', {
      configurable: true,
      value: (command: string) => (commands.push(command), works),
    });
    try {
      await copyText(live.url);
      expect(commands).toEqual(['copy']);
      // The hidden textarea is gone again.
      expect(document.querySelector('textarea')).toBeNull();
      works = false;
      await expect(copyText(live.url)).rejects.toThrow();

      renderWithProviders(<ShareLinkSection orderId={41} link={live} canChange now={now} />);
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
      expect(await screen.findByText(/could not be copied/)).toBeTruthy();
      const field = screen.getByLabelText('Link for the participants');
      expect(document.activeElement).toBe(field);
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
  });
});
