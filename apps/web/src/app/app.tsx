import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router.tsx';

/** The theme, query cache and session live in a layout route (provider.tsx), so the landing page loads without them. */
export function App() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
