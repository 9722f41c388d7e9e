#ifndef FOLIOTELL_CI2C_SHIM_H
#define FOLIOTELL_CI2C_SHIM_H
#include <linux/i2c-dev.h>
#include <i2c/smbus.h>
#include <sys/ioctl.h>

// I2C_SLAVE is a macro Swift cannot import as a function argument with the right type.
static inline int folio_i2c_set_address(int fd, int address) { return ioctl(fd, I2C_SLAVE, address); }
#endif
