import { DownloadCenter } from '../../features/exports/components/download-center.tsx';
import { useSession } from '../../features/session/session-context.tsx';

export function DownloadCenterPage() {
  const session = useSession();
  // The route requires sign-in, so a session exists whenever this renders.
  return <DownloadCenter token={session?.login.token ?? ''} />;
}
