import { Redirect } from 'wouter';
import { useSessionStatus } from '../../features/session/session-context.tsx';
import { pathTo } from '../route-table.ts';

/** The base path only decides where to go. */
export function HomePage() {
  const signedIn = useSessionStatus() === 'signedIn';
  return <Redirect to={pathTo(signedIn ? 'DashboardIndex' : 'Login')} replace />;
}
