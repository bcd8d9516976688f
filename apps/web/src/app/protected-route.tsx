import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../lib/auth.tsx';

/** Spec 000 section 2: without a user the guard replaces the history entry with /login. */
export function ProtectedRoute() {
  const { user, isLeaving } = useAuth();
  if (!user) return isLeaving ? null : <Navigate to="/login" replace />;
  return <Outlet />;
}
