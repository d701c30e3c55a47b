#!/usr/bin/env node
// Launcher for the built CLI (committed, so that installing the workspace links the bin before the build).
import '../dist/cli.js';
