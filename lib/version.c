// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * version.c - ecrt_version_magic() for userspace, when the application API
 * header (include/ecrt.h) defines ECRT_VERSION_MAGIC.
 */
#if defined(__has_include)
#if __has_include("ecrt.h")
#include "ecrt.h"
#endif
#endif

#ifdef ECRT_VERSION_MAGIC
/**
 * ecrt_version_magic() - the version magic of the realtime interface
 *
 * Return: ECRT_VERSION_MAGIC this library was built with.
 */
unsigned int ecrt_version_magic(void)
{
	return ECRT_VERSION_MAGIC;
}
#else
/* Keep the translation unit non-empty (ISO C) until ecrt.h appears. */
typedef int ec_lib_version_unused;
#endif
