import { request } from '../http/http';
import { reloadPage } from './reload';

/**
 * Signs the candidate out from inside the page (a JSON call with the CSRF token), then reloads it. The widgets use it
 * on the employer's own page, where the careers server's sign-out page (`/logout`) is on another origin
 * (docs/product/shell.md#page-events). `domain` goes in the query, where the access rules read the employer.
 */
export async function signOut(domain: string): Promise<void> {
  await request('/api/auth/logout', { method: 'POST', query: { domain }, body: {} });
  reloadPage();
}
