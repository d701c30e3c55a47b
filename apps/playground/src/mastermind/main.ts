import { mountPage } from '../shared/dom.js';

mountPage('mastermind', 'Mastermind', 'Coming soon.');
