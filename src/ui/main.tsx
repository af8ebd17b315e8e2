/** The web UI's entry point: the page's `#app` element becomes the application. */
import { render } from 'preact';
import { App } from './app.tsx';
import { startRouter } from './router.ts';
import './styles/app.css';

startRouter();
render(<App />, document.getElementById('app')!);
