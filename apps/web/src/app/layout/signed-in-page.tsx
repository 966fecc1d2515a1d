// A signed-in page by name. The route table (in the entry) names the page; the app layout provides
// the pages themselves (routes/signed-in-pages.tsx, loaded with the layout).
import { createContext, useContext, type ComponentType } from 'react';
import type { SignedInPageName } from '../routes/signed-in-pages.tsx';

export const SignedInPagesContext = createContext<Record<SignedInPageName, ComponentType> | null>(null);

export function SignedInPage({ name }: { name: SignedInPageName }) {
  const pages = useContext(SignedInPagesContext);
  const Page = pages?.[name];
  return Page ? <Page /> : null;
}
