/** App-wide providers: theme, the server-state cache and the router. */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from './api/queryClient';
import { createAppRoutes } from './routes/appRoutes';
import { theme } from './theme';

// One of each per page load; the router's loaders fill the same cache the pages read.
const queryClient = createQueryClient();
const router = createBrowserRouter(createAppRoutes(queryClient));

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
