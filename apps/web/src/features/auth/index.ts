/** The auth feature's public entry for other features (pages are routed by the app). */
export { LoginForms, type LoginFormsProps } from './components/login-forms';
