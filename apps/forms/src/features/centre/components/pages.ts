/** The forms centre's pages, one on-demand chunk (`forms-centre`) with the form renderer they use. */
export { FormsCentrePage } from './FormsCentrePage';
export { FormViewPage } from './FormViewPage';
