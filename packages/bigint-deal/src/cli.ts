#!/usr/bin/env node
console.log('todo');
