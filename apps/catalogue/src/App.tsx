import { CataloguePage } from './features/catalogue/components/CataloguePage';

/** The catalogue widget's root: one page (the root config mounts it on /careers/_catalogue only). */
export function App() {
  return <CataloguePage />;
}
