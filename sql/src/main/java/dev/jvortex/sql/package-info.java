/// SQL over Vortex files.
package dev.jvortex.sql;
